import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformHook } from 'vite';
import { preloadLazyChunk } from '../../scripts/preload-lazy-chunk';

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
});

function tagsFor(bundle: Record<string, ReturnType<typeof chunk>>, html = '<script src="/assets/index.js"></script>') {
  const plugin = preloadLazyChunk('src/features/sportsbook/SportsbookFrame.tsx');
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call({} as never, html, {
    path: '/index.html',
    filename: 'index.html',
    bundle: bundle as never,
  }) as HtmlTagDescriptor[];
}

describe("the build's preload of the frame's host code", () => {
  it('names every chunk the lazy module imports, and theirs, so none is fetched only when the import runs', () => {
    const tags = tagsFor({
      index: chunk('assets/index.js', ['assets/jsx-runtime.js']),
      runtime: chunk('assets/jsx-runtime.js', []),
      frame: chunk(
        'assets/SportsbookFrame.js',
        ['assets/EmbeddedFrame.js'],
        '/repo/src/features/sportsbook/SportsbookFrame.tsx',
      ),
      embedded: chunk('assets/EmbeddedFrame.js', ['assets/wifi-off.js', 'assets/jsx-runtime.js'], null, [
        'assets/EmbeddedFrame.css',
      ]),
      icon: chunk('assets/wifi-off.js', []),
      unrelated: chunk('assets/RegisterDrawer.js', ['assets/wifi-off.js']),
    });
    expect(tags.map((tag) => [tag.attrs?.rel, tag.attrs?.href])).toEqual([
      ['modulepreload', '/assets/SportsbookFrame.js'],
      ['modulepreload', '/assets/EmbeddedFrame.js'],
      ['modulepreload', '/assets/wifi-off.js'],
      ['modulepreload', '/assets/jsx-runtime.js'],
      ['preload', '/assets/EmbeddedFrame.css'],
    ]);
  });

  it('leaves out what the page already names', () => {
    const tags = tagsFor(
      {
        frame: chunk(
          'assets/SportsbookFrame.js',
          ['assets/jsx-runtime.js'],
          '/repo/src/features/sportsbook/SportsbookFrame.tsx',
        ),
        runtime: chunk('assets/jsx-runtime.js', []),
      },
      '<link rel="modulepreload" href="/assets/jsx-runtime.js">',
    );
    expect(tags.map((tag) => tag.attrs?.href)).toEqual(['/assets/SportsbookFrame.js']);
  });
});

import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Names a lazily imported module's chunk, and every chunk it imports, as `modulepreload` in the built index.html: it
 * downloads beside the first script, and is evaluated only when imported. `/`'s sportsbook frame uses it: the host's
 * first render stays as short as before (the frame's code runs in a task of its own), and the frame's launch no longer
 * waits a round trip for its code (docs/sportsbook.md, "The first load").
 */
export function preloadLazyChunk(modulePath: string): Plugin {
  return {
    name: 'exsport:preload-lazy-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const lazy = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(modulePath));
        if (!lazy) throw new Error(`preloadLazyChunk: no chunk is built from ${modulePath}`);
        // Every chunk it imports, and theirs: one left out is fetched only when the import runs, a round trip later.
        const ownChunks = [lazy];
        for (const chunk of ownChunks)
          for (const file of chunk.imports) {
            const imported = chunks.find((candidate) => candidate.fileName === file);
            if (imported && !ownChunks.includes(imported)) ownChunks.push(imported);
          }
        const notYetNamed = (file: string) => !html.includes(`/${file}"`);
        const scripts = ownChunks.map((chunk) => chunk.fileName).filter(notYetNamed);
        // Its stylesheets too: the import waits for them before the module runs.
        const styles = ownChunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]).filter(notYetNamed);
        return [
          ...scripts.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          })),
          ...styles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}

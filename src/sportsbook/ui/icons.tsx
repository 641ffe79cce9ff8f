import type { SVGProps } from 'react';

/** One of lucide's icons as its package draws it: its shapes on a 24 px grid. */
type IconNode = ReadonlyArray<readonly ['path' | 'rect' | 'circle', Record<string, string>]>;

type FrameIconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number };

/**
 * The first screen's icons, drawn here from lucide's shapes (ISC licence) as lucide-react draws them (the same svg),
 * at the frame's 18 px and hidden from screen readers: every icon sits beside words. Drawn without lucide-react's
 * runtime, which is most of the first script's icon code (docs/benchmarks.md, the frame's last kilobytes); the icons
 * of the screens and slip loaded later are lucide-react's, in later-icons.tsx, and load with them.
 */
function icon(name: string, node: IconNode) {
  return function FrameIcon({ size = 18, className, ...props }: FrameIconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {node.map(([Shape, attributes], index) => (
          <Shape key={index} {...attributes} />
        ))}
      </svg>
    );
  };
}

const path = (d: string) => ['path', { d }] as const;

export const ChevronDown = icon('chevron-down', [path('m6 9 6 6 6-6')]);
export const ChevronRight = icon('chevron-right', [path('m9 18 6-6-6-6')]);
export const ArrowUp = icon('arrow-up', [path('m5 12 7-7 7 7'), path('M12 19V5')]);
export const ArrowDown = icon('arrow-down', [path('M12 5v14'), path('m19 12-7 7-7-7')]);
export const Lock = icon('lock', [
  ['rect', { width: '18', height: '11', x: '3', y: '11', rx: '2', ry: '2' }],
  path('M7 11V7a5 5 0 0 1 10 0v4'),
]);
export const WifiOff = icon('wifi-off', [
  path('M12 20h.01'),
  path('M8.5 16.429a5 5 0 0 1 7 0'),
  path('M5 12.859a10 10 0 0 1 5.17-2.69'),
  path('M19 12.859a10 10 0 0 0-2.007-1.523'),
  path('M2 8.82a15 15 0 0 1 4.177-2.643'),
  path('M22 8.82a15 15 0 0 0-11.288-3.764'),
  path('m2 2 20 20'),
]);
export const Clock = icon('clock', [['circle', { cx: '12', cy: '12', r: '10' }], path('M12 6v6l4 2')]);
export const Trophy = icon('trophy', [
  path('M10 14.66V17a1 1 0 0 1-1 1 2 2 0 0 0-2 2v2'),
  path('M14 14.66V17a1 1 0 0 0 1 1 2 2 0 0 1 2 2v2'),
  path('M17.916 10H19.5A2.5 2.5 0 0 0 22 7.5V5a1 1 0 0 0-1-1h-3'),
  path('M4 22h16'),
  path('M6 9a6 6 0 0 0 12 0V3a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z'),
  path('M6.084 10H4.5A2.5 2.5 0 0 1 2 7.5V5a1 1 0 0 1 1-1h3'),
]);

import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  ArrowDown as ArrowDownIcon,
  ArrowUp as ArrowUpIcon,
  ChevronDown as ChevronDownIcon,
  ChevronRight as ChevronRightIcon,
  Clock as ClockIcon,
  Lock as LockIcon,
  Trophy as TrophyIcon,
  WifiOff as WifiOffIcon,
} from 'lucide-react';

/**
 * The app's icon set (lucide, one import per icon), at the frame's 18 px and hidden from screen readers: every icon
 * here sits beside words. Only the first screen's icons are here; those of the screens and slip loaded later are in
 * later-icons.tsx, so they load with them.
 */
export function framed(Icon: LucideIcon) {
  return function FrameIcon(props: LucideProps) {
    return <Icon size={18} aria-hidden="true" focusable="false" {...props} />;
  };
}

export const ChevronDown = framed(ChevronDownIcon);
export const ChevronRight = framed(ChevronRightIcon);
export const ArrowUp = framed(ArrowUpIcon);
export const ArrowDown = framed(ArrowDownIcon);
export const Lock = framed(LockIcon);
export const WifiOff = framed(WifiOffIcon);
export const Clock = framed(ClockIcon);
export const Trophy = framed(TrophyIcon);

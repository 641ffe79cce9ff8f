import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  ArrowDown as ArrowDownIcon,
  ArrowUp as ArrowUpIcon,
  ChevronDown as ChevronDownIcon,
  ChevronLeft as ChevronLeftIcon,
  ChevronRight as ChevronRightIcon,
  CircleCheck as CircleCheckIcon,
  CircleDot as CircleDotIcon,
  CircleMinus as CircleMinusIcon,
  CircleX as CircleXIcon,
  Clock as ClockIcon,
  Delete as DeleteIcon,
  Gift as GiftIcon,
  Loader as LoaderIcon,
  Lock as LockIcon,
  Receipt as ReceiptIcon,
  Trash as TrashIcon,
  TriangleAlert as TriangleAlertIcon,
  Trophy as TrophyIcon,
  WifiOff as WifiOffIcon,
  X as XIcon,
} from 'lucide-react';

/** The app's icon set (lucide, one import per icon), at the frame's 18 px and hidden from screen readers: every icon here sits beside words. */
function framed(Icon: LucideIcon) {
  return function FrameIcon(props: LucideProps) {
    return <Icon size={18} aria-hidden="true" focusable="false" {...props} />;
  };
}

export const ChevronDown = framed(ChevronDownIcon);
export const ChevronRight = framed(ChevronRightIcon);
export const ChevronLeft = framed(ChevronLeftIcon);
export const X = framed(XIcon);
export const ArrowUp = framed(ArrowUpIcon);
export const ArrowDown = framed(ArrowDownIcon);
export const Lock = framed(LockIcon);
export const Loader = framed(LoaderIcon);
export const CircleCheck = framed(CircleCheckIcon);
export const CircleX = framed(CircleXIcon);
export const CircleMinus = framed(CircleMinusIcon);
export const CircleDot = framed(CircleDotIcon);
export const WifiOff = framed(WifiOffIcon);
export const Receipt = framed(ReceiptIcon);
export const Trash = framed(TrashIcon);
export const Clock = framed(ClockIcon);
export const Backspace = framed(DeleteIcon);
export const AlertTriangle = framed(TriangleAlertIcon);
export const Trophy = framed(TrophyIcon);
export const Gift = framed(GiftIcon);

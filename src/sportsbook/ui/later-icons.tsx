import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  ChevronLeft as ChevronLeftIcon,
  CircleCheck as CircleCheckIcon,
  CircleDot as CircleDotIcon,
  CircleMinus as CircleMinusIcon,
  CircleX as CircleXIcon,
  Delete as DeleteIcon,
  Gift as GiftIcon,
  Loader as LoaderIcon,
  Receipt as ReceiptIcon,
  Trash as TrashIcon,
  TriangleAlert as TriangleAlertIcon,
  X as XIcon,
} from 'lucide-react';

/** A lucide icon at the frame's 18 px, hidden from screen readers, as icons.tsx draws the first screen's. */
function framed(Icon: LucideIcon) {
  return function FrameIcon(props: LucideProps) {
    return <Icon size={18} aria-hidden="true" focusable="false" {...props} />;
  };
}

/** The icons of the screens and the slip loaded after the first paint (the match page, the slip and its sheet, My Bets, the free bets menu). */
export const ChevronLeft = framed(ChevronLeftIcon);
export const Loader = framed(LoaderIcon);
export const CircleCheck = framed(CircleCheckIcon);
export const CircleX = framed(CircleXIcon);
export const CircleMinus = framed(CircleMinusIcon);
export const CircleDot = framed(CircleDotIcon);
export const Receipt = framed(ReceiptIcon);
export const Trash = framed(TrashIcon);
export const Backspace = framed(DeleteIcon);
export const AlertTriangle = framed(TriangleAlertIcon);
export const X = framed(XIcon);
export const Gift = framed(GiftIcon);

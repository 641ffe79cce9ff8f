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
import { framed } from './icons';

/** The icons of the screens and the slip loaded after the first paint (the match page, the slip and its sheet, My Bets, the free bets menu), as icons.tsx's. */
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

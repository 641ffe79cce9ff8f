import { formatPence } from '../../contract/rules/money';
import { formatTime } from '../../lib/dates';

/** The server says 'Daily limit higher than monthly limit'; the customer reads 'Daily limit cannot be higher than monthly limit'. */
export const rewordLimitError = (message: string) =>
  message.replace('limit higher', 'limit cannot be higher').replace('limit lower', 'limit cannot be lower');

export const immediateConfirmation = (amount: number) =>
  `New limit is ${formatPence(amount)} which is in effect immediately.`;

export const laterConfirmation = (amount: number, effectiveFrom: string | number | Date) =>
  `New limit of ${formatPence(amount)} will come into effect tomorrow at ${formatTime(effectiveFrom)}`;

export const deletionConfirmation = (effectiveFrom: string | number | Date) =>
  `Your limit will be removed tomorrow at ${formatTime(effectiveFrom)}`;

export const LOAD_ERROR_PREFIX = 'Error loading user details: ';

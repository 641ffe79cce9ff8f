import type { OperatorCommand } from '../../platform/operator/command';
import { accountCommands } from './account-commands';
import { paymentCommands } from '../payments/operator-commands';
import { promotionCommands } from '../promotions/operator-commands';
import { contentCommands } from '../content/operator-commands';
import { gamstopCommands } from '../gamstop/operator-commands';
import { freeBetCommands } from '../free-bets/operator-commands';

/** Every operator command, by name. A module adds its list here. */
export const operatorCommands: OperatorCommand[] = [
  ...accountCommands,
  ...paymentCommands,
  ...promotionCommands,
  ...contentCommands,
  ...gamstopCommands,
  ...freeBetCommands,
];

export function findCommand(name: string): OperatorCommand | undefined {
  return operatorCommands.find((command) => command.name === name);
}

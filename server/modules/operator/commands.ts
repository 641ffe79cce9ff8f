import type { Services } from '../../services';
import { CommandRegistry } from '../../platform/operator/command';
import { runCommandRequest, type OperatorAnswer } from '../../platform/operator/dispatch';
import { accountCommands } from './account-commands';
import { paymentCommands } from '../payments/operator-commands';
import { promotionCommands } from '../promotions/operator-commands';
import { contentCommands } from '../content/operator-commands';
import { gamstopCommands } from '../gamstop/operator-commands';
import { freeBetCommands } from '../free-bets/operator-commands';
import { harmCommands } from '../harm/operator-commands';

/** Every PAM operator command, by name. A module adds its list here. */
export const pamCommands = new CommandRegistry<Services>([
  ...accountCommands,
  ...paymentCommands,
  ...promotionCommands,
  ...contentCommands,
  ...gamstopCommands,
  ...freeBetCommands,
  ...harmCommands,
]);

/** Runs one `{command, args}` request against the PAM's commands; never throws, so the socket always answers. */
export function runOperatorRequest(
  services: Services,
  request: unknown,
  logError: (error: unknown) => void = () => {},
): Promise<OperatorAnswer> {
  return runCommandRequest(pamCommands, services, request, logError);
}

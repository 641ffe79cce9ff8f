import type { OperatorCommand } from './command';
import { accountCommands } from './account-commands';

/** Every operator command, by name. A module adds its list here. */
export const operatorCommands: OperatorCommand[] = [...accountCommands];

export function findCommand(name: string): OperatorCommand | undefined {
  return operatorCommands.find((command) => command.name === name);
}

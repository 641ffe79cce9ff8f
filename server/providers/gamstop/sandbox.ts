import { randomUUID } from 'node:crypto';
import type { GamstopAnswer, GamstopPerson, GamstopProvider } from './provider';

/** A stand-in that needs no configuration: last name `Excluded` answers Y, `Lapsed` answers P, everyone else N. */
export class SandboxGamstopProvider implements GamstopProvider {
  async check(person: GamstopPerson): Promise<GamstopAnswer> {
    const lastName = person.lastName.trim().toLowerCase();
    const exclusion = lastName === 'excluded' ? 'Y' : lastName === 'lapsed' ? 'P' : 'N';
    return { exclusion, uniqueId: `sandbox-${randomUUID()}` };
  }
}

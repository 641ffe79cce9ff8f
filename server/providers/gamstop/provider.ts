/** GAMSTOP's three answers: Y excluded now, P excluded before (ended), N not known to the scheme. */
type GamstopExclusion = 'Y' | 'P' | 'N';

/** Who is checked, as GAMSTOP matches people: names, date of birth (yyyy-MM-dd), e-mail, postcode and mobile. */
export interface GamstopPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  postcode: string;
  mobile: string;
}

export interface GamstopAnswer {
  exclusion: GamstopExclusion;
  /** GAMSTOP's reference for this check (X-Unique-Id), kept for the operator's record. */
  uniqueId: string | null;
}

/** Asks the national self-exclusion scheme about one person. */
export interface GamstopProvider {
  /** Throws GamstopUnavailableError when there is no usable answer (unreachable, timeout, an error status, nonsense). */
  check(person: GamstopPerson): Promise<GamstopAnswer>;
}

/** No usable answer from GAMSTOP; the detail is for the operator's record and the logs, never for customers. */
export class GamstopUnavailableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'GamstopUnavailableError';
  }
}

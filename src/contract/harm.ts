import { z } from 'zod';

/** The markers of harm the PAM looks for (LCCP SR 3.4.3, SR 3.4.4); docs/decisions.md gives each threshold. */
const HARM_MARKER_KINDS = [
  'deposit-frequency',
  'deposit-growth',
  'loss-chasing',
  'night-play',
  'limit-raised',
  'declined-for-funds',
  'financial-vulnerability',
] as const;
export type HarmMarkerKind = (typeof HARM_MARKER_KINDS)[number];

/** What we noticed, in plain words, for the safer-gambling message. */
export const HARM_MARKER_WORDS: Record<HarmMarkerKind, string> = {
  'deposit-frequency': 'You made three or more deposits within an hour.',
  'deposit-growth': 'You have deposited much more in the last 30 days than in the 30 days before.',
  'loss-chasing': 'Several times today you deposited again soon after a losing bet.',
  'night-play': 'You have been playing between midnight and 6am on several nights this week.',
  'limit-raised': 'You asked to raise a deposit limit soon after reaching it.',
  'declined-for-funds': 'A deposit was declined because there were not enough funds on the card.',
  'financial-vulnerability': 'A routine check suggests you may be under financial pressure.',
};

export const GAMCARE_URL = 'https://www.gamcare.org.uk/';
export const GAMSTOP_URL = 'https://www.gamstop.co.uk/';

const noticedMarker = z.object({
  id: z.number().int(),
  kind: z.enum(HARM_MARKER_KINDS),
  observedAt: z.string(),
});

/** GET /safer-gambling/interaction: the markers the customer has not yet acknowledged, newest first. */
export const interactionResponse = z.object({ markers: z.array(noticedMarker) });
export type InteractionResponse = z.infer<typeof interactionResponse>;

/** POST /safer-gambling/interaction/acknowledge: the markers the message showed. */
export const acknowledgeInteractionRequest = z.object({
  markerIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(50),
});

export const UNAVAILABLE_TEXT = 'The sportsbook is unavailable right now. Please try again in a moment.';

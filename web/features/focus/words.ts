/** What the focus timer says under its clock, the same on the Focus page's card and in the focus dialog. */
export const SESSION_DONE = "Session done. Time for a 5-minute break, or start another.";
export const BREAK_HINT = "Step away, stretch, drink some water.";

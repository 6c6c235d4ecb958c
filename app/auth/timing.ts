/** The session timing rules of the platform spec (§4, §9), in seconds. */
export const SESSION_TIMING = {
  /** More than this without activity signs the user out. */
  maxInactivity: 6600,
  /** Before a call, an access token with less than this left is renewed. */
  renewBeforeCall: 180,
  /** The browser's keep-alive asks this often (with JavaScript). */
  keepAliveInterval: 600,
  /** The keep-alive renews the token when less than this is left. */
  keepAliveRenewUnder: 1200,
  /** Activity is written at most this often, so parallel loaders do not each write it. */
  activityWriteInterval: 15,
} as const;

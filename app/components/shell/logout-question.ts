/** The logout confirmation's question (platform spec §2); the no-JavaScript page at /logout asks the same. */
export const LOGOUT_QUESTION = "Are you sure you want to exit?";

/** My Account's profile of the signed-in user (client-safe: the page renders it). */
export interface AccountProfile {
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyId: number | null;
  /** The provider whose id is the company id, when there is one. */
  providerName: string | null;
  roles: string[];
}

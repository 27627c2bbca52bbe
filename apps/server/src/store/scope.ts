/** What a user owns is owned in one organisation: every repo of user-owned rows filters by both. */
export interface OwnerScope {
  organizationId: number;
  userId: number;
}

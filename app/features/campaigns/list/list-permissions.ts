/** What the signed-in user may do on the campaigns list; its own module so the list and its row actions both import it without importing each other. */
export interface CampaignsListPermissions {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

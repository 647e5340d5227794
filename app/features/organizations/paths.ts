/** Where the organization screens live. */
export const organizationPaths = {
  list: "/organizations",
  create: "/organizations/new",
  edit: (id: string) => `/organizations/${encodeURIComponent(id)}/edit`,
  remove: (id: string) => `/organizations/${encodeURIComponent(id)}/delete`,
  /** Logos are cached for good: every upload has a new file name, carried in ?v=. */
  logo: (id: string, file: string | null) => (file ? `/resources/organization-logo/${encodeURIComponent(id)}?v=${encodeURIComponent(file)}` : null),
};

/** The first steps of a new organisation, in the order they build on each other. */
export const FIRST_STEPS = [
  { key: "number", area: "numbers-managment", links: [{ key: "addNumber", href: "/numbers-managment" }] },
  { key: "knowledgeBase", area: "knowledge-base", links: [{ key: "createKnowledgeBase", href: "/knowledge-base/new" }] },
  {
    key: "contacts",
    area: "contacts",
    links: [
      { key: "importContacts", href: "/contacts/import" },
      { key: "addContact", href: "/contacts/new" },
    ],
  },
  { key: "campaign", area: "campaigns", links: [{ key: "createCampaign", href: "/campaigns/new" }] },
  // Last, as the original onboarding wizard ended on /organizations (docs/product/behaviour.md#first-steps-and-greeting):
  // the business whose appointments the agent books.
  { key: "organization", area: "organizations", links: [{ key: "createOrganization", href: "/organizations/new" }] },
] as const satisfies ReadonlyArray<{ key: string; area: string; links: ReadonlyArray<{ key: string; href: string }> }>;

export type FirstStepKey = (typeof FIRST_STEPS)[number]["key"];
export type FirstStepLink = (typeof FIRST_STEPS)[number]["links"][number];

export interface FirstStepView {
  key: FirstStepKey;
  done: boolean;
  /** Where to take the step; empty when it is done or the user may not take it. */
  links: readonly FirstStepLink[];
}

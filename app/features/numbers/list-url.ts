/** The numbers screen's URL contract: /numbers-managment[?edit=<number id>]. */
export const NUMBERS_PATH = "/numbers-managment";

/** Opens one row's label for editing: a link, so "Edit label" works without JavaScript. */
export const EDIT_LABEL_PARAM = "edit";

export const editLabelHref = (id: string) => `${NUMBERS_PATH}?${new URLSearchParams({ [EDIT_LABEL_PARAM]: id })}`;

/** A term as a LIKE pattern's literal part: its %, _ and \ escaped (used with the default escape character, \). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

// Plain text, no zod: the first screen's Property Address field imports it (issue 26 item 8).

/** Under the address field: what to type for the offline gazetteer to find the address. */
export const addressHint = 'Number, street and suburb, e.g. 12 Chapel St Windsor';

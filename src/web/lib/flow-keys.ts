// Keys of browser storage written by the steps before Booking. Kept here so later steps read
// and clear them without importing a sibling feature; fresh-session.test.ts checks each one
// against the feature that writes it.
export { contactDraftKey } from './booking-flow';
export const detailsDraftKey = 'details-draft';
export const promoCodeKey = 'promo-code';
export const uploadedFilesKey = 'uploaded-files';

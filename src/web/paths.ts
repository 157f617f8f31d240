/** Every route of the app (spec §2). */
export const paths = {
  home: '/',
  contact: '/contact',
  measurement: '/measurement',
  files: '/files',
  estimate: '/estimate',
  booking: '/booking',
  confirmation: '/confirmation',
  reschedule: '/reschedule',
  settings: '/settings',
  trakSettings: '/trak-settings',
  dashboard: '/dashboard',
  leads: '/leads',
  schedule: '/schedule',
  /** A booking staff make for a customer who phoned in (issue 28). */
  newBooking: '/schedule/new',
} as const;

import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithPreload } from '#web/lib/lazy-load.ts';
import { isStaffSignedIn, subscribeStaffPresence } from '#web/lib/staff-session.ts';

// Customers never download the staff navigation: it loads only while a staff member is signed
// in on this browser (the first screen's JavaScript budget has no room for it).
const StaffNav = lazyWithPreload(() => import('./staff-nav'));

export function StaffNavSlot() {
  const signedIn = useSyncExternalStore(subscribeStaffPresence, isStaffSignedIn, () => false);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <StaffNav />
    </Suspense>
  );
}

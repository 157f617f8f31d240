import { Route, Routes } from '#web/lib/router.tsx';
import { ContactPage } from './features/contact/contact-page';
import { PromoBannerSlot } from './features/promo-banner/promo-banner-slot';
import { AppLayout } from './features/shell/app-layout';
import { releaseFirstInteraction } from './lib/first-interaction';
import { lazyWithPreload } from './lib/lazy-load';
import { paths } from './paths';

// Later steps and the staff screens load on demand.
// the step pages export default: no re-wrapping here, where every byte is first-screen JS
const Measurement = lazyWithPreload(() => import('./features/details/details-page'));
const Files = lazyWithPreload(() => import('./features/files/files-page'));
const Estimate = lazyWithPreload(() => import('./features/estimate/estimate-page'));
const Booking = lazyWithPreload(() => import('./features/booking/booking-page'));
const Confirmation = lazyWithPreload(() => import('./features/confirmation/confirmation-page'));
const Reschedule = lazyWithPreload(() => import('./features/reschedule/reschedule-page'));
// staff screens: each guards itself (features/staff/staff-gate.tsx); the server guards the API
const Settings = lazyWithPreload(() => import('./features/settings/settings-page'));
const TrakSettings = lazyWithPreload(() => import('./features/trak-settings/trak-settings-page'));
const Dashboard = lazyWithPreload(() => import('./features/dashboard/dashboard-page'));
const Schedule = lazyWithPreload(() => import('./features/schedule/schedule-page'));
const NewBooking = lazyWithPreload(() => import('./features/schedule/new-booking-page'));
// /leads and /leads/:id: one chunk, which reads the lead's id from the path
const Leads = lazyWithPreload(() => import('./features/leads/leads-page'));
const NotFound = lazyWithPreload(() =>
  import('./features/placeholder/placeholder-page').then((m) => ({ default: m.NotFoundPage })),
);

/** Spec §2: the later steps are preloaded 2 s and 5 s after start. */
export function schedulePreloads(): void {
  const quietly = (load: () => Promise<unknown>) => void load().catch(() => {});
  setTimeout(() => {
    // the next step, and the contact form's validation if no interaction has fetched it yet
    releaseFirstInteraction();
    quietly(Measurement.preload);
    // where the visit came from (spec §7): its own small chunk, after first paint
    quietly(() => import('#web/lib/attribution.ts').then((a) => a.captureVisit()));
  }, 2000);
  setTimeout(() => {
    for (const page of [Files, Estimate, Booking, Confirmation, Reschedule]) quietly(page.preload);
  }, 5000);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout banner={<PromoBannerSlot />} />}>
        <Route index element={<ContactPage />} />
        <Route path={paths.contact} element={<ContactPage />} />
        <Route path={paths.measurement} element={<Measurement />} />
        <Route path={paths.files} element={<Files />} />
        <Route path={paths.estimate} element={<Estimate />} />
        <Route path={paths.booking} element={<Booking />} />
        <Route path={paths.confirmation} element={<Confirmation />} />
        <Route path={paths.reschedule} element={<Reschedule />} />
        <Route path={paths.settings} element={<Settings />} />
        <Route path={paths.trakSettings} element={<TrakSettings />} />
        <Route path={paths.dashboard} element={<Dashboard />} />
        <Route path={paths.schedule} element={<Schedule />} />
        <Route path={paths.newBooking} element={<NewBooking />} />
        <Route path={paths.leads} element={<Leads />} />
        <Route path={`${paths.leads}/*`} element={<Leads />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

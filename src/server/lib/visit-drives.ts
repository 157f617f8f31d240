import type {
  ConsultantService,
  SchedulingConsultant,
  VisitPlace,
} from '#shared/booking/consultant.ts';
import { inTerritory, type Commitment } from '#shared/booking/day-frame.ts';
import type { LatLng } from '#shared/pricing/travel.ts';
import type { DriveTimes, ResolvedDrives } from '#server/integrations/maps/drive-times.ts';

/**
 * The drives an onsite visit at `visit` can involve, resolved before the (pure, synchronous)
 * scheduling: from and to each eligible consultant's base and the place of each of their onsite
 * commitments (the nearest in time first, should Google's limit cut the list). Undefined, so the
 * schedule keeps its estimator with nothing asked, for the estimator itself, a phone call or a
 * visit without a place: the cached base grid never depends on a provider (ADR 049, ADR 051).
 */
export async function visitDrives(
  driveTimes: DriveTimes | undefined,
  consultants: readonly SchedulingConsultant[],
  commitments: readonly Commitment[],
  serviceType: ConsultantService | undefined,
  visit: VisitPlace | null | undefined,
): Promise<ResolvedDrives | undefined> {
  if (driveTimes?.source !== 'google' || serviceType !== 'onsite' || !visit) return undefined;
  const eligible = consultants.filter(
    (c) => c.active && c.services.includes('onsite') && inTerritory(c, visit),
  );
  const ids = new Set(eligible.map((c) => c.id));
  const visits = commitments
    .filter((c) => ids.has(c.consultantId) && c.place)
    .sort((a, b) => a.start - b.start)
    .map((c) => c.place as LatLng);
  return driveTimes.around(visit, [...eligible.map((c) => c.base), ...visits]);
}

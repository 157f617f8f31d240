export interface LatLng {
  lat: number;
  lng: number;
}

/** Road distance is estimated from the straight line: roads are about 30 % longer. */
export const roadFactor = 1.3;
export const averageSpeedKmh = 50;
export const travelRoundingMinutes = 15;

const earthRadiusKm = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A drive of `exactMinutes` as the calendar counts it: rounded up to the next 15 minutes. */
export function roundUpDriveMinutes(exactMinutes: number): number {
  // a few micrometres of float noise must not add a quarter hour
  return Math.ceil(exactMinutes / travelRoundingMinutes - 1e-9) * travelRoundingMinutes;
}

/** Whole minutes of driving for `km` of road, rounded up to the next 15 minutes. */
function roundedDriveMinutes(roadKm: number): number {
  return roundUpDriveMinutes((roadKm / averageSpeedKmh) * 60);
}

/** One-way drive between two places, estimated as the travel cost is (issue 28: travel between visits). */
export function driveMinutes(from: LatLng, to: LatLng): number {
  return roundedDriveMinutes(haversineKm(from, to) * roadFactor);
}

/**
 * Round-trip drive from the base to the address and back: road distance at the average speed,
 * rounded up to the next 15 minutes; the cost is the hourly rate for that time, in whole cents.
 */
export function travelCost(from: LatLng, to: LatLng, hourlyRateCents: number) {
  const roundTripKm = haversineKm(from, to) * roadFactor * 2;
  const minutes = roundedDriveMinutes(roundTripKm);
  return {
    roundTripKm: Math.round(roundTripKm * 10) / 10,
    minutes,
    costCents: Math.round((hourlyRateCents * minutes) / 60),
  };
}

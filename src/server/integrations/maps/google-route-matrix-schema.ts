import { z } from 'zod';
import type { LatLng } from '#shared/pricing/travel.ts';

// The parts of the Routes API's computeRouteMatrix (REST, v2) the drive times use. Its JSON is
// proto3's: a field at its default (index 0, status OK) may be left out, so those default here.

/** One waypoint of the request, as a location (place ids would cap a call at 50 waypoints). */
export const matrixWaypoint = ({ lat, lng }: LatLng) => ({
  waypoint: { location: { latLng: { latitude: lat, longitude: lng } } },
});

/** Asked for exactly: Google answers only the fields named (status, or every element looks OK). */
export const routeMatrixFieldMask = 'originIndex,destinationIndex,status,condition,duration';

/** A protobuf Duration in JSON: seconds with an "s", e.g. "1234s" or "12.5s". */
const durationSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,9})?s$/)
  .transform((text) => Number(text.slice(0, -1)));

export const routeMatrixElementSchema = z.object({
  originIndex: z.number().int().min(0).default(0),
  destinationIndex: z.number().int().min(0).default(0),
  /** google.rpc.Status: absent or code 0 is OK; another code is an error of this element. */
  status: z.object({ code: z.number().int().default(0) }).default({ code: 0 }),
  condition: z.string().default('ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED'),
  duration: durationSchema.optional(),
});

export const routeMatrixResponseSchema = z.array(routeMatrixElementSchema);

import {
  catalogueMessages as m,
  createBookingOptionSchema,
  createPainPointSchema,
  updateBookingOptionSchema,
  updatePainPointSchema,
  type AdminBookingOption,
  type AdminPainPoint,
} from '#shared/admin/catalogue.contract.ts';
import {
  pricingMessages,
  updatePricingSchema,
  type Pricing,
} from '#shared/admin/pricing.contract.ts';
import { errorCodes } from '#shared/api/error.ts';
import {
  defaultBookingOptions,
  defaultPainPoints,
  defaultPricePerSqmCents,
} from '#shared/catalogue/catalogue-defaults.ts';
import { newUuid } from '#web/lib/session-id.ts';
import { notFound, parse, refuse, route, type DemoRoute } from './demo-http';
import { settingOf } from './demo-settings';
import { read, transact, type DemoData, type DemoPrice } from './demo-store';

// The catalogue of the demo's /settings: pain points, booking options and their prices, kept
// with the demo's data and read by its customer side, so a price or a pain point changed here
// changes the next demo estimate. The server's rules: one active entry at least, an entry a
// lead refers to is deactivated rather than deleted.

export const painPointsOf = (data: DemoData): AdminPainPoint[] =>
  data.painPoints ?? defaultPainPoints.map((p) => ({ ...p }));

export const bookingOptionsOf = (data: DemoData): AdminBookingOption[] =>
  data.bookingOptions ?? defaultBookingOptions.map((o) => ({ ...o }));

const byOrder = <T extends { sortOrder: number; id: string }>(a: T, b: T) =>
  a.sortOrder - b.sortOrder || a.id.localeCompare(b.id);

/** The pain point's price row: the one the demo's /settings saved, or standard tint (spec §9). */
export function priceOf(data: DemoData, painPointId: string): DemoPrice {
  return (
    data.prices[painPointId] ?? {
      id: `price-${painPointId}`,
      pricePerSqmCents: defaultPricePerSqmCents,
      description: 'Standard tint',
      isActive: true,
    }
  );
}

/** What the estimate charges per m² for a concern: an inactive row prices as the default. */
export function pricePerSqmCents(data: DemoData, painPointId: string): number {
  const price = priceOf(data, painPointId);
  return price.isActive ? price.pricePerSqmCents : defaultPricePerSqmCents;
}

/** The two lists share their rules; only their words and fields differ. */
interface Kind<T extends { id: string; active: boolean; sortOrder: number }> {
  list: (data: DemoData) => T[];
  keep: (data: DemoData, entries: T[]) => void;
  inUse: (data: DemoData, id: string) => boolean;
  words: { exists: string; notFound: string; lastActive: string; deactivated: string };
}

const painPoints: Kind<AdminPainPoint> = {
  list: painPointsOf,
  keep: (data, entries) => (data.painPoints = entries),
  inUse: (data, id) =>
    data.leads.some((l) => l.details?.painPoint === id) || Object.hasOwn(data.prices, id),
  words: {
    exists: m.painPointExists,
    notFound: m.painPointNotFound,
    lastActive: m.lastActivePainPoint,
    deactivated: m.painPointDeactivated,
  },
};

const bookingOptions: Kind<AdminBookingOption> = {
  list: bookingOptionsOf,
  keep: (data, entries) => (data.bookingOptions = entries),
  inUse: (data, id) => data.leads.some((l) => l.bookingOption === id),
  words: {
    exists: m.bookingOptionExists,
    notFound: m.bookingOptionNotFound,
    lastActive: m.lastActiveBookingOption,
    deactivated: m.bookingOptionDeactivated,
  },
};

const conflict = (message: string) => refuse(409, errorCodes.conflict, message);

function create<T extends { id: string; active: boolean; sortOrder: number }>(
  kind: Kind<T>,
  input: Omit<T, 'sortOrder'> & { sortOrder?: number | undefined },
) {
  return transact((data) => {
    const entries = kind.list(data);
    if (entries.some((e) => e.id === input.id)) throw conflict(kind.words.exists);
    const entry = {
      ...input,
      sortOrder: input.sortOrder ?? Math.max(0, ...entries.map((e) => e.sortOrder)) + 1,
    } as T;
    kind.keep(data, [...entries, entry]);
    return entry;
  });
}

function update<T extends { id: string; active: boolean; sortOrder: number }>(
  kind: Kind<T>,
  id: string,
  change: Partial<T>,
) {
  return transact((data) => {
    const entries = kind.list(data);
    const existing = entries.find((e) => e.id === id);
    if (!existing) throw notFound(kind.words.notFound);
    const active = entries.filter((e) => e.active).length;
    if (change.active === false && existing.active && active <= 1) {
      throw conflict(kind.words.lastActive);
    }
    const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    const entry = { ...existing, ...defined, id };
    kind.keep(
      data,
      entries.map((e) => (e.id === id ? entry : e)),
    );
    return entry;
  });
}

function remove<T extends { id: string; active: boolean; sortOrder: number }>(
  kind: Kind<T>,
  id: string,
) {
  return transact((data) => {
    const entries = kind.list(data);
    const existing = entries.find((e) => e.id === id);
    if (!existing) throw notFound(kind.words.notFound);
    if (existing.active && entries.filter((e) => e.active).length <= 1) {
      throw conflict(kind.words.lastActive);
    }
    if (kind.inUse(data, id)) {
      kind.keep(
        data,
        entries.map((e) => (e.id === id ? { ...e, active: false } : e)),
      );
      return { success: true, deleted: false, deactivated: true, message: kind.words.deactivated };
    }
    kind.keep(
      data,
      entries.filter((e) => e.id !== id),
    );
    return { success: true, deleted: true, deactivated: false, message: m.deleted };
  });
}

function pricing(data: DemoData): Pricing {
  return {
    rows: painPointsOf(data)
      .map((p) => {
        const { id, pricePerSqmCents, description, isActive } = priceOf(data, p.id);
        return { id, painPointName: p.id, pricePerSqmCents, description, isActive };
      })
      .sort((a, b) => a.painPointName.localeCompare(b.painPointName)),
    travelHourlyRate: settingOf(data, 'travel_hourly_rate_cents'),
    glassMinimumThreshold: settingOf(data, 'glass_minimum_threshold'),
    minimumJobCharge: settingOf(data, 'minimum_job_charge_cents'),
    onsiteGlassThreshold: settingOf(data, 'onsite_glass_threshold'),
    onsiteRestrictionEnabled: settingOf(data, 'onsite_restriction_enabled'),
  };
}

function savePricing(body: unknown) {
  const change = parse(updatePricingSchema, body);
  return transact((data) => {
    const known = new Set(painPointsOf(data).map((p) => p.id));
    const fields: Record<string, string> = {};
    (change.rows ?? []).forEach((row, index) => {
      if (!known.has(row.painPointName)) {
        fields[`rows.${index}.painPointName`] = pricingMessages.unknownPainPoint;
      }
    });
    if (Object.keys(fields).length > 0) {
      throw refuse(400, errorCodes.validation, pricingMessages.unknownPainPoint, fields);
    }
    for (const row of change.rows ?? []) {
      const before = priceOf(data, row.painPointName);
      data.prices[row.painPointName] = {
        id: data.prices[row.painPointName]?.id ?? newUuid(),
        pricePerSqmCents: row.pricePerSqmCents,
        description: row.description ?? before.description,
        isActive: row.isActive ?? before.isActive,
      };
    }
    const settings = {
      travel_hourly_rate_cents: change.travelHourlyRate,
      glass_minimum_threshold: change.glassMinimumThreshold,
      minimum_job_charge_cents: change.minimumJobCharge,
      onsite_glass_threshold: change.onsiteGlassThreshold,
      onsite_restriction_enabled: change.onsiteRestrictionEnabled,
    };
    for (const [key, value] of Object.entries(settings)) {
      if (value !== undefined) data.settings[key] = value;
    }
    return { success: true as const, ...pricing(data) };
  });
}

export const catalogueRoutes: DemoRoute[] = [
  route('GET', '/admin/pain-points', async () => ({
    painPoints: painPointsOf(await read()).sort(byOrder),
  })),
  route('POST', '/pain-points', async ({ body }) => ({
    success: true,
    painPoint: await create(painPoints, parse(createPainPointSchema, body)),
  })),
  route('PUT', '/pain-points/:id', async ({ params, body }) => ({
    success: true,
    painPoint: await update(painPoints, params[0]!, parse(updatePainPointSchema, body)),
  })),
  route('DELETE', '/pain-points/:id', ({ params }) => remove(painPoints, params[0]!)),
  route('GET', '/admin/booking-options', async () => ({
    bookingOptions: bookingOptionsOf(await read()).sort(byOrder),
  })),
  route('POST', '/booking-options', async ({ body }) => ({
    success: true,
    bookingOption: await create(bookingOptions, parse(createBookingOptionSchema, body)),
  })),
  route('PUT', '/booking-options/:id', async ({ params, body }) => ({
    success: true,
    bookingOption: await update(bookingOptions, params[0]!, parse(updateBookingOptionSchema, body)),
  })),
  route('DELETE', '/booking-options/:id', ({ params }) => remove(bookingOptions, params[0]!)),
  route('GET', '/admin/pricing', async () => pricing(await read())),
  route('PUT', '/admin/pricing', ({ body }) => savePricing(body)),
];

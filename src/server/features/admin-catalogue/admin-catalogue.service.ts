import {
  catalogueMessages,
  type AdminBookingOption,
  type AdminPainPoint,
  type CreateBookingOption,
  type CreatePainPoint,
  type UpdateBookingOption,
  type UpdatePainPoint,
} from '#shared/admin/catalogue.contract.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './admin-catalogue.repository';

const m = catalogueMessages;

export interface DeleteOutcome {
  success: true;
  deleted: boolean;
  deactivated: boolean;
  message: string;
}

const toPainPoint = (row: repo.PainPointRow): AdminPainPoint => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
  sortOrder: row.sortOrder,
});

const toBookingOption = (row: repo.BookingOptionRow): AdminBookingOption => ({
  id: row.id,
  label: row.label,
  description: row.description,
  duration: row.durationMinutes,
  active: row.active,
  sortOrder: row.sortOrder,
});

// --- pain points

export async function listPainPoints(db: Db): Promise<AdminPainPoint[]> {
  return (await repo.listPainPoints(db)).map(toPainPoint);
}

export async function createPainPoint(db: Db, input: CreatePainPoint): Promise<AdminPainPoint> {
  const row = await repo.insertPainPoint(db, input);
  if (!row) throw HttpError.conflict(m.painPointExists);
  return toPainPoint(row);
}

export async function updatePainPoint(
  db: Db,
  id: string,
  change: UpdatePainPoint,
): Promise<AdminPainPoint> {
  const existing = await repo.findPainPoint(db, id);
  if (!existing) throw HttpError.notFound(m.painPointNotFound);
  // the booking flow needs something to choose from
  if (change.active === false && existing.active && (await repo.countActivePainPoints(db)) <= 1) {
    throw HttpError.conflict(m.lastActivePainPoint);
  }
  const row = await repo.updatePainPoint(db, id, change);
  if (!row) throw HttpError.notFound(m.painPointNotFound);
  return toPainPoint(row);
}

/** Deleted when nothing refers to it; else deactivated, so old leads still make sense. */
export async function deletePainPoint(db: Db, id: string): Promise<DeleteOutcome> {
  const existing = await repo.findPainPoint(db, id);
  if (!existing) throw HttpError.notFound(m.painPointNotFound);
  if (existing.active && (await repo.countActivePainPoints(db)) <= 1) {
    throw HttpError.conflict(m.lastActivePainPoint);
  }
  if (await repo.isPainPointInUse(db, id)) {
    await repo.updatePainPoint(db, id, { active: false });
    return { success: true, deleted: false, deactivated: true, message: m.painPointDeactivated };
  }
  await repo.deletePainPoint(db, id);
  return { success: true, deleted: true, deactivated: false, message: m.deleted };
}

// --- booking options

export async function listBookingOptions(db: Db): Promise<AdminBookingOption[]> {
  return (await repo.listBookingOptions(db)).map(toBookingOption);
}

export async function createBookingOption(
  db: Db,
  input: CreateBookingOption,
): Promise<AdminBookingOption> {
  const { duration, ...rest } = input;
  const row = await repo.insertBookingOption(db, { ...rest, durationMinutes: duration });
  if (!row) throw HttpError.conflict(m.bookingOptionExists);
  return toBookingOption(row);
}

export async function updateBookingOption(
  db: Db,
  id: string,
  change: UpdateBookingOption,
): Promise<AdminBookingOption> {
  const existing = await repo.findBookingOption(db, id);
  if (!existing) throw HttpError.notFound(m.bookingOptionNotFound);
  if (
    change.active === false &&
    existing.active &&
    (await repo.countActiveBookingOptions(db)) <= 1
  ) {
    throw HttpError.conflict(m.lastActiveBookingOption);
  }
  const { duration, ...rest } = change;
  const row = await repo.updateBookingOption(db, id, { ...rest, durationMinutes: duration });
  if (!row) throw HttpError.notFound(m.bookingOptionNotFound);
  return toBookingOption(row);
}

export async function deleteBookingOption(db: Db, id: string): Promise<DeleteOutcome> {
  const existing = await repo.findBookingOption(db, id);
  if (!existing) throw HttpError.notFound(m.bookingOptionNotFound);
  if (existing.active && (await repo.countActiveBookingOptions(db)) <= 1) {
    throw HttpError.conflict(m.lastActiveBookingOption);
  }
  if (await repo.isBookingOptionInUse(db, id)) {
    await repo.updateBookingOption(db, id, { active: false });
    return {
      success: true,
      deleted: false,
      deactivated: true,
      message: m.bookingOptionDeactivated,
    };
  }
  await repo.deleteBookingOption(db, id);
  return { success: true, deleted: true, deactivated: false, message: m.deleted };
}

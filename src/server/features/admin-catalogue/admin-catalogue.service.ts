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
import {
  bookingOptionRows,
  painPointRows,
  type BookingOptionRow,
  type PainPointRow,
} from './admin-catalogue.repository';

const m = catalogueMessages;

export interface DeleteOutcome {
  success: true;
  deleted: boolean;
  deactivated: boolean;
  message: string;
}

interface CatalogueKind<Row extends { active: boolean }, Values, Dto, Create, Update> {
  rows: {
    list(db: Db): Promise<Row[]>;
    find(db: Db, id: string): Promise<Row | null>;
    insert(db: Db, values: Values): Promise<Row | null>;
    update(db: Db, id: string, values: Partial<Row>): Promise<Row | null>;
    remove(db: Db, id: string): Promise<void>;
    inUse(db: Db, id: string): Promise<boolean>;
    countActive(db: Db): Promise<number>;
  };
  toDto: (row: Row) => Dto;
  created: (input: Create) => Values;
  changed: (input: Update) => Partial<Row>;
  messages: { exists: string; notFound: string; lastActive: string; deactivated: string };
}

/** What staff do to a catalogue list (pain points, booking options): the same rules for both. */
function catalogueService<Row extends { active: boolean }, Values, Dto, Create, Update>(
  kind: CatalogueKind<Row, Values, Dto, Create, Update>,
) {
  const { rows, toDto, messages } = kind;

  async function existing(db: Db, id: string): Promise<Row> {
    const row = await rows.find(db, id);
    if (!row) throw HttpError.notFound(messages.notFound);
    return row;
  }

  // the booking flow needs something to choose from
  async function keepOneActive(db: Db, row: Row): Promise<void> {
    if (row.active && (await rows.countActive(db)) <= 1) {
      throw HttpError.conflict(messages.lastActive);
    }
  }

  return {
    list: async (db: Db): Promise<Dto[]> => (await rows.list(db)).map(toDto),

    async create(db: Db, input: Create): Promise<Dto> {
      const row = await rows.insert(db, kind.created(input));
      if (!row) throw HttpError.conflict(messages.exists);
      return toDto(row);
    },

    async update(db: Db, id: string, change: Update): Promise<Dto> {
      const values = kind.changed(change);
      const before = await existing(db, id);
      if (values.active === false) await keepOneActive(db, before);
      const row = await rows.update(db, id, values);
      if (!row) throw HttpError.notFound(messages.notFound);
      return toDto(row);
    },

    /** Deleted when nothing refers to it; else deactivated, so old leads still make sense. */
    async remove(db: Db, id: string): Promise<DeleteOutcome> {
      await keepOneActive(db, await existing(db, id));
      if (await rows.inUse(db, id)) {
        await rows.update(db, id, { active: false } as Partial<Row>);
        return { success: true, deleted: false, deactivated: true, message: messages.deactivated };
      }
      await rows.remove(db, id);
      return { success: true, deleted: true, deactivated: false, message: m.deleted };
    },
  };
}

export const painPoints = catalogueService({
  rows: painPointRows,
  toDto: (row: PainPointRow): AdminPainPoint => ({
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    sortOrder: row.sortOrder,
  }),
  created: (input: CreatePainPoint) => input,
  changed: (input: UpdatePainPoint) => input,
  messages: {
    exists: m.painPointExists,
    notFound: m.painPointNotFound,
    lastActive: m.lastActivePainPoint,
    deactivated: m.painPointDeactivated,
  },
});

export const bookingOptions = catalogueService({
  rows: bookingOptionRows,
  toDto: (row: BookingOptionRow): AdminBookingOption => ({
    id: row.id,
    label: row.label,
    description: row.description,
    duration: row.durationMinutes,
    active: row.active,
    sortOrder: row.sortOrder,
  }),
  created: ({ duration, ...rest }: CreateBookingOption) => ({ ...rest, durationMinutes: duration }),
  changed: ({ duration, ...rest }: UpdateBookingOption) => ({ ...rest, durationMinutes: duration }),
  messages: {
    exists: m.bookingOptionExists,
    notFound: m.bookingOptionNotFound,
    lastActive: m.lastActiveBookingOption,
    deactivated: m.bookingOptionDeactivated,
  },
});

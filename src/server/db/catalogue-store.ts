import type { Db } from './client';
import { painPoints } from './schema';

/** Every pain point's name by id (a lead keeps the id of its main concern). */
export async function painPointNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: painPoints.id, name: painPoints.name }).from(painPoints);
  return new Map(rows.map((r) => [r.id, r.name]));
}

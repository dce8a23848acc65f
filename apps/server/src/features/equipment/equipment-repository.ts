import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { LabelItem } from './equipment-labels.js';

// The equipment area's reads beside the record API: what a label sheet prints.

export class EquipmentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The organization's items to label, by name: the ones named (any status), or every item
   * not retired. At most `limit`.
   */
  labelItems(
    organization: string,
    ids: readonly string[] | null,
    limit: number,
  ): Promise<LabelItem[]> {
    let query = this.db
      .selectFrom('equipment')
      .select(['id', 'name', 'serial', 'barcode'])
      .where('organization', '=', organization);
    query = ids ? query.where('id', 'in', [...ids]) : query.where('status', '!=', 'retired');
    return query.orderBy('name').orderBy('id').limit(limit).execute();
  }

  async stationName(organization: string): Promise<string> {
    const row = await this.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row?.name ?? '';
  }
}

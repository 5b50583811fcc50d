import { z } from 'zod';

/** The query of a newest-first list: `before` is the id the page continues from, `limit` its size. */
export function pageQuery(sizes: { pageSize: number; pageSizeMax: number }) {
  return z.object({
    before: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(sizes.pageSizeMax).default(sizes.pageSize),
  });
}

/** A page query as the server reads it, defaults applied. */
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;

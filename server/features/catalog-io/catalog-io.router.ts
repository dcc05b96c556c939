import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { ImportJobInputSchema, ImportJobStartInputSchema, ImportRunInputSchema } from '../../../shared/schemas/catalog-io';
import * as service from './catalog-io.service';
import * as jobs from './import-job';

const FormatSchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }),
  /** One category's products only (its value, e.g. `mobiles`); the whole catalogue when left out. */
  category: z.string({ error: 'category must be text' }).trim().max(100, { error: 'category is at most 100 characters' }).optional(),
});

/**
 * The catalogue file (ADMIN): the export and the upload are files (server/routes/catalogue-io.routes.ts),
 * which call these procedures for the caller's rights and the work.
 */
export const catalogIoRouter = router({
  /** The export's file name; its rows are streamed by the route. Answering at all means the caller may export. */
  exportFile: adminProcedure.input(FormatSchema).query(async ({ ctx, input }) => {
    const category = await service.exportCategory(ctx.deps.db, input.category);
    return { fileName: service.exportFileName(input.format, ctx.deps.clock, category), actorId: ctx.user._id, category };
  }),

  /** Keeps an uploaded file (bytes from the multipart route; not callable with JSON) for an hour. */
  upload: adminProcedure
    .input(
      z.object({
        name: z.string().max(1000).optional().default('catalogue.csv'),
        file: z.instanceof(Uint8Array, { error: 'file is required: choose a .csv or .xlsx file' }),
        /** A ZIP of the pictures the rows name by file name (optional). */
        pictures: z.instanceof(Uint8Array, { error: 'pictures must be a ZIP file' }).optional(),
        picturesName: z.string().max(1000).optional().default('pictures.zip'),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const bytesOf = (a: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
      // The ZIP is checked first, so a wrong second file stores nothing.
      if (input.pictures) service.checkPicturesZip(bytesOf(input.pictures));
      const stored = await service.storeUpload(ctx.deps, { name: input.name, bytes: bytesOf(input.file) }, ctx.user._id);
      if (!input.pictures) return stored;
      const pictures = await service.storeUpload(ctx.deps, { name: input.picturesName, bytes: bytesOf(input.pictures) }, ctx.user._id, 'pictures');
      return { ...stored, picturesId: pictures.uploadId, picturesName: pictures.fileName };
    }),

  /** What importing the upload would do: counts, the first changes old → new, every error with its row and column. Writes nothing. */
  dryRun: adminProcedure.input(ImportRunInputSchema).mutation(({ ctx, input }) => service.dryRun(ctx.deps, input)),

  /** Imports the upload, all or nothing (planned again inside the transaction). */
  // (tRPC reserves the name `apply`.)
  applyImport: adminProcedure.input(ImportRunInputSchema).mutation(({ ctx, input }) => service.applyImport(ctx.deps, input, ctx.user._id)),

  /**
   * The dry run or apply of an upload as a background job (a big file): answers at once with the
   * job's id; 409 naming who started the running one and when while another import runs.
   */
  startJob: adminProcedure
    .input(ImportJobStartInputSchema)
    .mutation(({ ctx, input }) => jobs.startJob(ctx.deps, input, { id: ctx.user._id, name: ctx.user.name || ctx.user.email })),

  /** A job's phase and progress (rows checked and written, time left), then its report or its error. */
  job: adminProcedure.input(ImportJobInputSchema).query(({ ctx, input }) => jobs.readJob(ctx.deps, input.jobId)),

  /** The shop's running import job, else its latest (the page finds it again after a reload); null when none. */
  currentJob: adminProcedure.query(({ ctx }) => jobs.currentJob(ctx.deps)),

  /** The failing rows as a CSV with an error column (the route sends it as a file). */
  errorRows: adminProcedure.input(ImportRunInputSchema).query(({ ctx, input }) => service.errorRowsCsv(ctx.deps, input)),
});

import { isAdminRole } from '@airgrid/schema';
import { campaignAffidavit, campaignInvoice } from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { memberOrganizationOf } from '../../request-types.js';
import { affidavitCsv, invoiceNumber } from './affidavit.js';
import { affidavitPdf, invoicePdf } from './affidavit-pdf.js';
import type { AffidavitService } from './affidavit-service.js';

const NOT_FOUND = 'The requested resource wasn’t found.';

/** The station's own documents: a guest is asked to sign in. */
function member(request: FastifyRequest): void {
  if (!memberOrganizationOf(request.auth))
    throw new ApiError(401, 'Sign in to read the station’s affidavits.');
}

/**
 * Invoices carry the station's bank details, which only its owners and admins read (the
 * remittances collection's rules): the same people download them.
 */
function admin(request: FastifyRequest): void {
  if (!memberOrganizationOf(request.auth))
    throw new ApiError(401, 'Sign in to download the station’s invoices.');
  if (request.auth?.collection.name !== 'users' || !isAdminRole(request.auth.record.role))
    throw new ApiError(
      403,
      'Only the station’s owners and admins download invoices: they carry its bank details.',
    );
}

function file(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * GET /api/v1/campaigns/{campaign}/affidavit?from=&to=&format=pdf|csv for the station's members,
 * and GET /api/v1/campaigns/{campaign}/invoice?from=&to= for its owners and admins (another
 * station's campaign is a 404, as a missing one).
 */
export function affidavitRoutes(service: AffidavitService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      campaignAffidavit,
      async ({ params, query }, request, reply) => {
        const affidavit = await service.affidavit(
          memberOrganizationOf(request.auth),
          params.campaign,
          query.from,
          query.to,
        );
        if (!affidavit) throw new ApiError(404, NOT_FOUND);
        const name = `affidavit-${params.campaign}-${affidavit.period.from}-${affidavit.period.to}`;
        return query.format === 'csv'
          ? file(reply, 'text/csv; charset=utf-8', `${name}.csv`, affidavitCsv(affidavit))
          : file(reply, 'application/pdf', `${name}.pdf`, await affidavitPdf(affidavit));
      },
      { authorize: member },
    );

    registerEndpoint(
      app,
      campaignInvoice,
      async ({ params, query }, request, reply) => {
        const invoice = await service.invoice(
          memberOrganizationOf(request.auth),
          params.campaign,
          query.from,
          query.to,
        );
        if (!invoice) throw new ApiError(404, NOT_FOUND);
        return file(
          reply,
          'application/pdf',
          `invoice-${invoiceNumber(params.campaign, invoice.period)}.pdf`,
          await invoicePdf(invoice),
        );
      },
      { authorize: admin },
    );
  };
}

import type { InvoiceSeller } from '../../db/schema';
import { STANDARD_VAT_RATE, vatMention } from '../../../shared/invoices';
import type { InvoiceDocument } from './invoice-document';

/** The Factur-X profile of our invoices to organisations (decision 050): EN 16931, what French buyers' platforms read. */
export const FACTUR_X_FORMAT = 'Factur-X-EN16931';
export const FACTUR_X_ATTACHMENT = 'factur-x.xml';

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The VAT category of the regime (EN 16931 BT-151): S at 20 %, or E (exempt) with its reason, for both the 261-4-4° exemption and the 293 B franchise. */
function taxCategory(seller: InvoiceSeller): Record<string, unknown> {
  if (seller.vatRegime === 'standard') return { 'cbc:ID': 'S', 'cbc:Percent': String(STANDARD_VAT_RATE), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  return { 'cbc:ID': 'E', 'cbc:Percent': '0', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

function party(name: string, siret: string | null, address: { street: string | null; postalCode: string | null; city: string | null }, email: string | null) {
  return {
    'cac:Party': {
      ...(email ? { 'cbc:EndpointID': email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
      'cac:PartyName': { 'cbc:Name': name },
      'cac:PostalAddress': {
        ...(address.street ? { 'cbc:StreetName': address.street } : {}),
        ...(address.city ? { 'cbc:CityName': address.city } : {}),
        ...(address.postalCode ? { 'cbc:PostalZone': address.postalCode } : {}),
        'cac:Country': { 'cbc:IdentificationCode': 'FR' },
      },
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': name, ...(siret ? { 'cbc:CompanyID': siret, 'cbc:CompanyID@schemeID': '0002' } : {}) },
    },
  };
}

/** The invoice in e-invoice-eu's internal format (UBL semantics), from which it writes the CII XML. */
export function facturXData(seller: InvoiceSeller, invoice: InvoiceDocument, sellerEmail: string | null): Record<string, unknown> {
  const category = taxCategory(seller);
  const exemption = seller.vatRegime === 'standard' ? {} : { 'cbc:TaxExemptionReason': vatMention(seller.vatRegime) };
  const isCredit = invoice.kind === 'credit_note';
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issuedAt.toISOString().slice(0, 10),
      ...(invoice.dueOn ? { 'cbc:DueDate': invoice.dueOn } : {}),
      'cbc:InvoiceTypeCode': isCredit ? '381' : '380',
      'cbc:Note': [vatMention(seller.vatRegime)],
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': invoice.number,
      ...(isCredit && invoice.creditedInvoiceNumber ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': invoice.creditedInvoiceNumber } }] } : {}),
      'cac:AccountingSupplierParty': party(seller.legalName, seller.siret, { street: seller.address, postalCode: seller.postalCode, city: seller.city }, sellerEmail),
      'cac:AccountingCustomerParty': party(invoice.buyer.name, invoice.buyer.siret, { street: invoice.buyer.address, postalCode: invoice.buyer.postalCode, city: invoice.buyer.city }, invoice.buyer.email),
      'cac:Delivery': { 'cbc:ActualDeliveryDate': invoice.serviceDate },
      ...(seller.iban && !isCredit
        ? {
            'cac:PaymentMeans': [
              {
                'cbc:PaymentMeansCode': '58',
                'cbc:PaymentID': invoice.number,
                'cac:PayeeFinancialAccount': { 'cbc:ID': seller.iban, 'cbc:Name': seller.legalName, ...(seller.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic } } : {}) },
              },
            ],
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(invoice.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': amount(invoice.totalHtCents),
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': amount(invoice.vatCents),
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': { ...category, ...exemption },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(invoice.totalHtCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': amount(invoice.totalHtCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': amount(invoice.totalCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PayableAmount': amount(invoice.totalCents),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': invoice.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': String(line.quantity),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': amount(line.totalHtCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': { 'cbc:Name': line.label, 'cac:ClassifiedTaxCategory': category },
        'cac:Price': { 'cbc:PriceAmount': amount(line.unitAmountCents), 'cbc:PriceAmount@currencyID': 'EUR' },
      })),
    },
  };
}

/** The invoice's PDF made Factur-X: PDF/A-3 with the CII XML attached as `factur-x.xml`. Loaded on first use, like pdfkit. */
export async function toFacturX(seller: InvoiceSeller, invoice: InvoiceDocument, pdf: Buffer, sellerEmail: string | null): Promise<Buffer> {
  const { InvoiceService } = await import('@e-invoice-eu/core');
  const quiet = { log: () => {}, warn: () => {}, error: (message: string) => console.error(message) };
  const service = new InvoiceService(quiet);
  const result = await service.generate(facturXData(seller, invoice, sellerEmail) as never, {
    format: FACTUR_X_FORMAT,
    lang: 'fr-fr',
    pdf: { buffer: pdf, filename: `${invoice.number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  return Buffer.from(result as Uint8Array);
}

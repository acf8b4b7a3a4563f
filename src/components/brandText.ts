/** The spec's investment-ask wording for every brand page. */
export const INVESTMENT_ASK = 'TBD, based on structure and negotiated terms.';

/** What a strategic concept's cards say instead of a valuation the spec does not give. */
export const NOT_VALUED = 'Strategic concept: not yet valued';

/**
 * The Grievance Officer the IT Rules 2021 (Rule 3(2)) require an intermediary to name, with
 * contact details, and the company behind Kholo (issue 24): the server's GRIEVANCE_OFFICER_* and
 * COMPANY_* settings, handed to the browser in the kholo-config tag.
 */
export interface LegalDetails {
  grievanceOfficer: {
    name: string;
    designation: string;
    email: string;
    phone: string;
    /** Postal address; lines are separated by newlines. */
    address: string;
  };
  company: {
    legalName: string;
    /** Registered address; lines are separated by newlines. */
    address: string;
  };
  /**
   * True when any value is a development sample: the operator has not configured them
   * (development and tests only; production refuses to start without them).
   */
  sample: boolean;
}

const SAMPLE_ADDRESS = 'Sample address (set COMPANY_ADDRESS)';

/** What development and tests show for every missing value: plainly not a real person or company. */
export const SAMPLE_LEGAL_DETAILS: LegalDetails = {
  grievanceOfficer: {
    name: 'Sample Officer (set GRIEVANCE_OFFICER_NAME)',
    designation: 'Grievance Officer',
    email: 'sample-grievance-officer@example.com',
    phone: '+91 00000 00000',
    address: SAMPLE_ADDRESS,
  },
  company: {
    legalName: 'Sample Company Private Limited (set COMPANY_LEGAL_NAME)',
    address: SAMPLE_ADDRESS,
  },
  sample: true,
};

import { CHECKOUT_MODES, CONTENT_LIMITS, SAMPLE_LEGAL_DETAILS } from '@kholo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_PRICE_PAISE, KNOWN_CHECKOUT_MODES, parsePublicConfig, phoneHref } from './public-config.ts';

const origin = 'http://localhost:5173';
const defaults = {
  supportEmail: 'support@kholo.in',
  supportPhone: null,
  publicUrl: origin,
  maxPricePaise: 1_00_000_00,
  checkoutMode: 'simulator',
  payoutsMode: 'auto',
  legal: SAMPLE_LEGAL_DETAILS,
};

const legal = {
  grievanceOfficer: {
    name: 'Asha Verma',
    designation: 'Grievance Officer',
    email: 'grievance@kholo.in',
    phone: '+91 141 400 0000',
    address: '4th Floor, 12 MI Road\nJaipur 302001',
  },
  company: { legalName: 'Kholo Technologies Private Limited', address: '4th Floor, 12 MI Road\nJaipur 302001' },
  sample: false,
};

describe('parsePublicConfig', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the config the server injects', () => {
    const content = JSON.stringify({
      supportEmail: 'help@kholo.in',
      supportPhone: '+91 98765 43210',
      publicUrl: 'https://kholo.in/',
      maxPricePaise: 50_000_00,
      checkoutMode: 'production',
      payoutsMode: 'manual',
      legal,
    });
    expect(parsePublicConfig(content, origin)).toEqual({
      supportEmail: 'help@kholo.in',
      supportPhone: '+91 98765 43210',
      publicUrl: 'https://kholo.in',
      maxPricePaise: 50_000_00,
      checkoutMode: 'production',
      payoutsMode: 'manual',
      legal,
    });
  });

  it('reads it after the browser has decoded the HTML-escaped attribute', () => {
    // <meta content="{&quot;supportEmail&quot;:…}"> reaches us as plain JSON through meta.content.
    document.head.innerHTML =
      '<meta name="kholo-config" content="{&quot;supportEmail&quot;:&quot;help@kholo.in&quot;,&quot;supportPhone&quot;:null,&quot;publicUrl&quot;:&quot;http://localhost:3000&quot;}">';
    const meta = document.querySelector<HTMLMetaElement>('meta[name="kholo-config"]');
    expect(parsePublicConfig(meta?.content, origin)).toEqual({
      supportEmail: 'help@kholo.in',
      supportPhone: null,
      publicUrl: 'http://localhost:3000',
      maxPricePaise: 1_00_000_00,
      checkoutMode: 'simulator',
      payoutsMode: 'auto',
      legal: SAMPLE_LEGAL_DETAILS,
    });
    document.head.innerHTML = '';
  });

  it('hides an empty phone number', () => {
    const content = JSON.stringify({ supportEmail: 'help@kholo.in', supportPhone: '  ', publicUrl: origin });
    expect(parsePublicConfig(content, origin).supportPhone).toBeNull();
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
    ['an empty object (the index.html placeholder)', '{}'],
  ])('falls back to the defaults when the tag is %s', (_label, content) => {
    expect(parsePublicConfig(content, origin)).toEqual(defaults);
  });

  it('defaults the price ceiling to the contracts’ ₹1,00,000', () => {
    expect(DEFAULT_MAX_PRICE_PAISE).toBe(CONTENT_LIMITS.defaultMaxPricePaise);
    expect(parsePublicConfig(JSON.stringify({ supportEmail: 'help@kholo.in' }), origin).maxPricePaise).toBe(
      CONTENT_LIMITS.defaultMaxPricePaise,
    );
  });

  it.each(['simulator', 'sandbox', 'production'] as const)('reads the checkout mode %s', (checkoutMode) => {
    expect(parsePublicConfig(JSON.stringify({ checkoutMode }), origin)).toEqual({ ...defaults, checkoutMode });
  });

  it('knows exactly the contracts’ checkout modes', () => {
    expect(KNOWN_CHECKOUT_MODES).toEqual(CHECKOUT_MODES);
  });

  it('defaults to the built-in test checkout', () => {
    expect(parsePublicConfig(JSON.stringify({ supportEmail: 'help@kholo.in' }), origin).checkoutMode).toBe('simulator');
  });

  it.each(['auto', 'manual'] as const)('reads the payouts mode %s', (payoutsMode) => {
    expect(parsePublicConfig(JSON.stringify({ payoutsMode }), origin)).toEqual({ ...defaults, payoutsMode });
  });

  it('defaults to automatic payouts, as the server does (PAYOUTS=auto)', () => {
    expect(parsePublicConfig(JSON.stringify({ supportEmail: 'help@kholo.in' }), origin).payoutsMode).toBe('auto');
  });

  it('shows marked samples for the Grievance Officer and the company when the server sends none', () => {
    const parsed = parsePublicConfig(JSON.stringify({ supportEmail: 'help@kholo.in' }), origin).legal;
    expect(parsed.sample).toBe(true);
    expect(parsed.grievanceOfficer.name).toMatch(/^Sample .*GRIEVANCE_OFFICER_NAME/);
    expect(parsed.company.legalName).toMatch(/^Sample .*COMPANY_LEGAL_NAME/);
  });

  it('fills in fields that are missing', () => {
    expect(parsePublicConfig(JSON.stringify({ supportPhone: '+91 80 1234 5678' }), origin)).toEqual({
      ...defaults,
      supportPhone: '+91 80 1234 5678',
    });
  });

  it.each([
    ['not JSON', '{supportEmail: support@kholo.in}'],
    ['a bad email', JSON.stringify({ supportEmail: 'not-an-email', supportPhone: null, publicUrl: origin })],
    [
      'a bad URL',
      JSON.stringify({ supportEmail: 'help@kholo.in', supportPhone: null, publicUrl: 'javascript:alert(1)' }),
    ],
    [
      'a phone of the wrong type',
      JSON.stringify({ supportEmail: 'help@kholo.in', supportPhone: 98765, publicUrl: origin }),
    ],
    ['not an object', '"support@kholo.in"'],
    ['a price ceiling in rupees text', JSON.stringify({ maxPricePaise: '100000' })],
    ['a fractional price ceiling', JSON.stringify({ maxPricePaise: 4999.5 })],
    ['a price ceiling under the ₹1 minimum', JSON.stringify({ maxPricePaise: 50 })],
    ['an unknown checkout mode', JSON.stringify({ supportEmail: 'help@kholo.in', checkoutMode: 'live' })],
    ['a checkout mode in capitals', JSON.stringify({ checkoutMode: 'PRODUCTION' })],
    ['an unknown payouts mode', JSON.stringify({ supportEmail: 'help@kholo.in', payoutsMode: 'instant' })],
    ['a payouts mode of the wrong type', JSON.stringify({ payoutsMode: true })],
    ['a payouts mode in capitals', JSON.stringify({ payoutsMode: 'AUTO' })],
    ['legal details that are not an object', JSON.stringify({ legal: 'Kholo' })],
    ['legal details without the company', JSON.stringify({ legal: { ...legal, company: undefined } })],
    [
      'an officer without a name',
      JSON.stringify({ legal: { ...legal, grievanceOfficer: { ...legal.grievanceOfficer, name: ' ' } } }),
    ],
    [
      'an officer with a bad email',
      JSON.stringify({ legal: { ...legal, grievanceOfficer: { ...legal.grievanceOfficer, email: 'grievance' } } }),
    ],
    [
      'an officer phone of the wrong type',
      JSON.stringify({ legal: { ...legal, grievanceOfficer: { ...legal.grievanceOfficer, phone: 1414000000 } } }),
    ],
    ['a company without an address', JSON.stringify({ legal: { ...legal, company: { legalName: 'Kholo' } } })],
    ['a sample flag in text', JSON.stringify({ legal: { ...legal, sample: 'false' } })],
  ])('ignores malformed config (%s) and reports it', (_label, content) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parsePublicConfig(content, origin)).toEqual(defaults);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('phoneHref', () => {
  it('keeps only digits and the plus sign', () => {
    expect(phoneHref('+91 98765-43210')).toBe('tel:+919876543210');
  });
});

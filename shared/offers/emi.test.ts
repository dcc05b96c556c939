import { describe, expect, it } from 'vitest';
import { EmiTableSchema } from '../schemas/offers';
import { emi, emiOptions, liveBankOffers, reducingBalanceInstalment } from './emi';

describe('no-cost EMI', () => {
  it('₹69,900 over 12 months at 15 % a year, worked by hand', () => {
    // monthly = 6,990,000 / 12 = 582,500 paise: ₹5,825 a month, 12 × 582,500 = 6,990,000 = the price.
    // r = 15 % / 12 = 0.0125 a month; (1.0125)^12 = 1.160754518; (1.0125)^−12 = 0.861508600;
    // annuity factor (1 − 0.861508600) / 0.0125 = 11.079311966;
    // principal = 582,500 × 11.079311966 = 6,453,699.22 -> 6,453,699 paise (₹64,536.99), the loan the bank makes;
    // discount = 6,990,000 − 6,453,699 = 536,301 paise (₹5,363.01): the interest the seller bears.
    expect(emi(6_990_000, 12, 1500)).toEqual({ months: 12, annualRateBp: 1500, monthly: 582_500, discount: 536_301, principal: 6_453_699, totalPaid: 6_990_000 });
    // The bank's own instalment on that loan: 6,453,699 × 0.0125 × 1.160754518 / 0.160754518 = 582,499.98 -> 582,500.
    expect(reducingBalanceInstalment(6_453_699, 12, 1500)).toBe(582_500);
  });

  it('a price that does not divide: the instalment rounds down and the seller bears the odd paise', () => {
    // ₹24,999 over 9 months at 14 %: 2,499,900 / 9 = 277,766.67 -> 277,766; 9 × 277,766 = 2,499,894 (6 paise under the price).
    // principal = 277,766 × (1 − (1 + 0.14/12)^−9) / (0.14/12) = 2,360,093.12 -> 2,360,093; discount 2,499,900 − 2,360,093 = 139,807.
    expect(emi(2_499_900, 9, 1400)).toEqual({ months: 9, annualRateBp: 1400, monthly: 277_766, discount: 139_807, principal: 2_360_093, totalPaid: 2_499_894 });
    // At 0 % the loan is what the shopper pays; the seller bears only the 6 paise.
    expect(emi(2_499_900, 9, 0)).toEqual({ months: 9, annualRateBp: 0, monthly: 277_766, discount: 6, principal: 2_499_894, totalPaid: 2_499_894 });
  });

  it('on random prices, tenures and rates: the bank’s instalment on the principal is the monthly figure, and the shopper never pays more than the price', () => {
    let seed = 69_900;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let run = 0; run < 2_000; run++) {
      const price = 100_000 + Math.floor(next() * 500_000_000);
      const months = [3, 6, 9, 12][Math.floor(next() * 4)]!;
      const rate = Math.floor(next() * 3_600);
      const plan = emi(price, months, rate);
      expect(reducingBalanceInstalment(plan.principal, months, rate)).toBe(plan.monthly);
      expect(plan.totalPaid).toBe(plan.monthly * months);
      expect(price - plan.totalPaid).toBeGreaterThanOrEqual(0);
      expect(price - plan.totalPaid).toBeLessThan(months);
      expect(plan.principal + plan.discount).toBe(price);
      expect(plan.discount).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses money that is not whole paise and impossible terms', () => {
    expect(() => emi(6_990_000.5, 12, 1500)).toThrow(RangeError);
    expect(() => emi(6_990_000, 0, 1500)).toThrow(RangeError);
    expect(() => emi(6_990_000, 12, 15.5)).toThrow(RangeError);
  });

  it('the panel lists only the plans a price reaches, by tenure then bank, and only the live bank offers', () => {
    const table = EmiTableSchema.parse({
      plans: [
        { bank: 'ICICI Bank', months: 12, annualRateBp: 1600, minPricePaise: 1_000_000 },
        { bank: 'HDFC Bank', months: 12, annualRateBp: 1500, minPricePaise: 1_000_000 },
        { bank: 'HDFC Bank', months: 3, annualRateBp: 1500, minPricePaise: 300_000 },
        { bank: 'HDFC Bank', months: 6, annualRateBp: 1500, minPricePaise: 8_000_000 },
      ],
      bankOffers: [
        { id: 'bo-1', bank: 'HDFC Bank', text: '10% instant discount on HDFC credit cards, up to ₹1,500', from: '2026-12-01T00:00:00+05:30', to: '2026-12-08T00:00:00+05:30' },
        { id: 'bo-2', bank: 'SBI', text: '₹750 off on SBI cards', from: '2026-11-01T00:00:00+05:30', to: '2026-11-30T00:00:00+05:30' },
      ],
    });
    const options = emiOptions(6_990_000, table.plans);
    expect(options.map((o) => [o.months, o.bank])).toEqual([
      [3, 'HDFC Bank'],
      [12, 'HDFC Bank'],
      [12, 'ICICI Bank'],
    ]);
    expect(options[1]).toMatchObject({ monthly: 582_500, discount: 536_301 });
    expect(liveBankOffers(table.bankOffers, '2026-12-05T06:30:00.000Z').map((o) => o.id)).toEqual(['bo-1']);
  });
});

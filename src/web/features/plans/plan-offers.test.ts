import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../shared/contracts/plans';
import { planOffer, type PlanMember } from './plan-offers';

const sub = (over: Partial<Subscription>): Subscription => ({
  _id: 's1',
  planId: 'business',
  frequency: 'month',
  status: 'active',
  provider: 'local',
  cancelAtPeriodEnd: false,
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  card: null,
  ...over,
});
const kinds = (member: PlanMember) =>
  (['free', 'creator', 'business'] as const).map((id) => planOffer(id, id === 'free', member).kind);

describe('planOffer: only real changes', () => {
  it('a visitor starts free or chooses a paid plan', () => {
    expect(kinds(null)).toEqual(['start', 'choose', 'choose']);
  });
  it('a free member sees Free as current and may choose either paid plan', () => {
    expect(kinds({ currentPlanId: 'free', subscription: null })).toEqual([
      'current',
      'choose',
      'choose',
    ]);
  });
  it('a member renewing Business is offered no Business, only the switch to free', () => {
    expect(kinds({ currentPlanId: 'business', subscription: sub({}) })).toEqual([
      'switch-free',
      'after-period',
      'current',
    ]);
  });
  it('a member whose Business ends at the period end is offered nothing to buy', () => {
    expect(
      kinds({ currentPlanId: 'business', subscription: sub({ cancelAtPeriodEnd: true }) }),
    ).toEqual(['scheduled', 'after-period', 'current']);
  });
  it('an ended subscription leaves the member free to choose', () => {
    expect(kinds({ currentPlanId: 'free', subscription: sub({ status: 'ended' }) })).toEqual([
      'current',
      'choose',
      'choose',
    ]);
  });
});

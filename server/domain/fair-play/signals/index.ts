export {
  type FreshWithdrawalInput,
  freshWithdrawal,
  networkOf,
  REFERRAL_FARM_FRIENDS,
  type ReferralFarmFriendInput,
  referralFarmOfFriend,
  referralFarmOfReferrer,
  type SignupBurstInput,
  signupBurst,
} from "./accounts.ts";
export {
  CADENCE_BATCHES,
  CADENCE_MAX_CV,
  CADENCE_MIN_INTERVALS,
  type CadenceBatch,
  type IntervalStats,
  intervalStats,
  NO_TIMING_BATCHES,
  NO_TIMING_MIN_TAPS,
  noTiming,
  regularCadence,
  type TimingBatch,
} from "./cadence.ts";
export { DAY_MS, HOUR_MS, type RaisedSignal, type SignalAnswer } from "./signal.ts";
export {
  type CapRateInput,
  type CreditedMinute,
  capRate,
  ROUND_THE_CLOCK_HOURS,
  type RoundTheClockInput,
  roundTheClock,
} from "./tap-rate.ts";

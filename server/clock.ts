/** Where "now" comes from; tests pass a clock they can move forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

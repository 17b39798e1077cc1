import { Multipliers, useMultipliers } from "#src/pages/rewards/multipliers.tsx";
import type { AppRuntime } from "#src/runtime.ts";
import { FeatureCards } from "#src/ui/features/feature-cards.tsx";

/** Features: what the app offers; the Multipliers card opens the Multipliers dialog. */
export function FeaturesPage({ runtime }: { runtime: AppRuntime }) {
  const multipliers = useMultipliers(runtime);
  return (
    <section aria-labelledby="features-title" className="flex flex-col gap-4">
      <h1 id="features-title" className="text-2xl font-bold">
        Features
      </h1>
      <FeatureCards onOpenMultipliers={() => multipliers.send({ type: "OPEN" })} />
      <Multipliers runtime={runtime} actor={multipliers} />
    </section>
  );
}

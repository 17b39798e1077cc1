import { createFileRoute } from "@tanstack/react-router";
import { FeatureCards } from "#src/ui/features/feature-cards.tsx";
import { Multipliers, useMultipliers } from "../../-shared/multipliers.tsx";

export const Route = createFileRoute("/_session/_protected/features")({ component: FeaturesPage });

function FeaturesPage() {
  const { runtime } = Route.useRouteContext();
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

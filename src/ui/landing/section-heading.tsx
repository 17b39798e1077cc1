export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center md:mb-14">
      <p className="text-sm font-semibold tracking-wider text-brand-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-white md:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-base text-pretty text-slate-400 md:text-lg">{children}</p>
    </div>
  );
}

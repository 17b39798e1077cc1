/** The line an admin page shows until its first figures arrive (docs/product.md §4: each page has a loading state). */
export function PageStatusText({
  status,
  loading,
  failed,
}: {
  status: "loading" | "failed";
  loading: string;
  failed: string;
}) {
  return <p className="text-slate-400">{status === "failed" ? failed : loading}</p>;
}

/** `/master-data` (Master Data): built by the master-data screen. */
export function MasterDataPage() {
  return null;
}

//! `GET /metrics` in Prometheus' text format, on its own address (`SHOP_METRICS_BIND`), never
//! on the public port: what the shop counts (`application::monitoring`, `shop_http::observe`)
//! and, read at each scrape, the outbox's backlog and the database pool's use.

use anyhow::Context;
use application::Shop;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use shop_db::Database;
use std::sync::Arc;

/// Request durations, in seconds: the catalogue answers in well under a millisecond, a
/// checkout waits for the payer's phone for up to a minute.
const DURATION_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
    60.0,
];

/// Installs the process-wide recorder; from then on every counter of the shop is kept.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    PrometheusBuilder::new()
        .set_buckets_for_metric(
            Matcher::Full("http_request_duration_seconds".to_owned()),
            DURATION_BUCKETS,
        )
        .context("metric buckets")?
        .install_recorder()
        .context("installing the metrics recorder")
}

/// What a scrape reads: the recorder, and what is measured when asked rather than counted.
struct Scrape {
    handle: PrometheusHandle,
    shop: Arc<Shop>,
    database: Database,
}

impl Scrape {
    async fn render(&self) -> String {
        let pool = self.database.pool_use();
        metrics::gauge!("shop_db_connections", "state" => "busy")
            .set(f64::from(pool.open.saturating_sub(pool.idle)));
        metrics::gauge!("shop_db_connections", "state" => "idle").set(f64::from(pool.idle));
        metrics::gauge!("shop_db_connections_max").set(f64::from(pool.max));
        match self.shop.notifications.notification_counts().await {
            Ok(counts) => {
                for (status, count) in counts {
                    metrics::gauge!("shop_notifications", "status" => status.as_str())
                        .set(count as f64);
                }
            }
            Err(error) => tracing::warn!(%error, "metrics: counting the outbox failed"),
        }
        self.handle.run_upkeep();
        self.handle.render()
    }
}

async fn metrics_page(scrape: actix_web::web::Data<Scrape>) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(scrape.render().await)
}

/// Serves `GET /metrics` on `bind` with one worker, beside the shop, until the process ends.
pub fn serve(
    bind: &str,
    handle: PrometheusHandle,
    shop: Arc<Shop>,
    database: Database,
) -> anyhow::Result<actix_web::dev::Server> {
    let scrape = actix_web::web::Data::new(Scrape {
        handle,
        shop,
        database,
    });
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(scrape.clone())
            .route("/metrics", actix_web::web::get().to(metrics_page))
    })
    .workers(1)
    .bind(bind)
    .with_context(|| format!("SHOP_METRICS_BIND: cannot listen on {bind}"))?
    .run();
    println!("Metrics are served at http://{bind}/metrics");
    Ok(server)
}

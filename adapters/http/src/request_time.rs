//! A client has a bounded time to send its request. actix limits the head
//! ([`REQUEST_HEAD_TIMEOUT`]) but not the body: a client that never finished one held its
//! connection, and a file descriptor, for ever (21,000 of them stopped a shop). Here the
//! body must arrive within the rest of the request's time, counted from the head's arrival;
//! a late one is answered 408 and its connection closed. What a handler does once the body
//! is in (a checkout waiting for the payer) is not limited.

use crate::error;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::HttpMessage as _;
use domain::message::texts::REQUEST_TIMEOUT;
use futures_util::Stream;
use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::Sleep;

/// The time a client has for a request's head (actix's `client_request_timeout`).
pub const REQUEST_HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a body may take after its head; kept in the app's data.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyTimeout(pub Duration);

impl BodyTimeout {
    /// The part of a whole request's time left for its body.
    pub(crate) fn of_request(request_timeout: Duration) -> Self {
        Self(request_timeout.saturating_sub(REQUEST_HEAD_TIMEOUT))
    }
}

pub(crate) async fn limit_body_time<B: MessageBody>(
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let payload = req.take_payload();
    let limit = req.app_data::<BodyTimeout>().copied();
    let (Some(BodyTimeout(allowance)), false) = (limit, matches!(payload, Payload::None)) else {
        req.set_payload(payload);
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let timed_out = Rc::new(Cell::new(false));
    req.set_payload(Payload::from(Box::pin(DeadlinePayload {
        inner: payload,
        deadline: Box::pin(tokio::time::sleep(allowance)),
        timed_out: timed_out.clone(),
    })
        as Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>));
    let response = next.call(req).await?;
    if !timed_out.get() {
        return Ok(response.map_into_left_body());
    }
    let (req, _) = response.into_parts();
    tracing::info!(path = %req.path(), "request body too slow");
    Ok(ServiceResponse::new(req, error::request_timeout()).map_into_right_body())
}

/// The request's body, ending in an error once its deadline has passed.
struct DeadlinePayload {
    inner: Payload,
    deadline: Pin<Box<Sleep>>,
    timed_out: Rc<Cell<bool>>,
}

impl Stream for DeadlinePayload {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.timed_out.get() {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = Pin::new(&mut self.inner).poll_next(cx) {
            return Poll::Ready(item);
        }
        if self.deadline.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        self.timed_out.set(true);
        Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            REQUEST_TIMEOUT.english(),
        )))))
    }
}

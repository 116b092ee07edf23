package dev.loomlab.server.shared;

import dev.loomlab.scenario.BadParameterException;
import dev.loomlab.scenario.Responses;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Parameters outside the contract get a 400 with one line, never a stack trace (servlet and reactive servers alike). */
@RestControllerAdvice
public class BadParameterAdvice {
    @ExceptionHandler(BadParameterException.class)
    ResponseEntity<String> badParameter(BadParameterException e) {
        return ResponseEntity.status(HttpStatus.BAD_REQUEST)
                .contentType(MediaType.TEXT_PLAIN)
                .body(Responses.badParameter(e));
    }
}

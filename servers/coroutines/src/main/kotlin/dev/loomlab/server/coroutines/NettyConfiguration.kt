package dev.loomlab.server.coroutines

import io.netty.channel.ChannelOption
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.reactor.netty.NettyServerCustomizer
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/** The webflux server's Netty settings (see its NettyConfiguration): a listen backlog of 4096, as Tomcat's accept-count. */
@Configuration(proxyBeanMethods = false)
class NettyConfiguration {
    @Bean
    fun acceptBacklog(@Value("\${loomlab.accept-backlog:4096}") backlog: Int) =
        NettyServerCustomizer { server -> server.option(ChannelOption.SO_BACKLOG, backlog) }
}
